// Doctor: the providers' health, served to admins and run by the CLI.
export { doctorDomain } from './doctor.domain.ts';
export { formatDoctorReport, runDoctor } from './run-doctor.ts';
