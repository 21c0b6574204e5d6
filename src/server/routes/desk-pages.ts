// The routes of the Reports, Hardware Logs and Labels pages, registered together.
import type { FastifyInstance } from 'fastify';
import { labelRoutes } from './label';
import { logRoutes } from './logs';
import { reportRoutes } from './reports';

export const deskPageRoutes = async (app: FastifyInstance): Promise<void> => {
  await app.register(labelRoutes);
  await app.register(logRoutes);
  await app.register(reportRoutes);
};
