import type { ApiModule } from '../../api-module.ts';
import { doctorRoutes } from './doctor.routes.ts';
import { DoctorCache } from './doctor-cache.ts';
import { runDoctor } from './run-doctor.ts';

/** The providers' health for admins (no entities: it asks the providers and caches the answer). */
export const doctorModule: ApiModule = {
  name: 'doctor',
  entities: [],
  migrations: [],
  create: ({ config, pool }) => ({
    routers: [doctorRoutes(new DoctorCache(() => runDoctor(config, pool)), pool)],
  }),
};
