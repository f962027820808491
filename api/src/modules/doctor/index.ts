// Doctor: the providers' health, served to admins and run by the CLI.
export { doctorModule } from './doctor.module.ts';
export { formatDoctorReport, runDoctor } from './run-doctor.ts';
