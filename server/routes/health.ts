import type { FastifyInstance } from 'fastify';
import type { HealthReply } from '../../src/contracts/healthz';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import type { HealthService } from '../services/session/health-service';

export function healthRoutes(app: FastifyInstance, health: HealthService): void {
  app.get('/healthz', { config: { access: 'public' } }, async (): Promise<HealthReply> => {
    const { engine, schemaVersion } = await health.check();
    return { status: 'ok', engine, schemaVersion, protocolVersion: PROTOCOL_VERSION };
  });
}
