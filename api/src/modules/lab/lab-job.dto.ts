import type { LabJob as LabJobDto, LabJobStatus, LabJobType } from '@annie/contracts/lab';

/** The fields of a lab job the API exposes, whether read through the ORM or as a plain row. */
export type LabJobRecord = {
  id: string;
  tenantId: string;
  createdBy?: string | null;
  type: LabJobType;
  status: LabJobStatus;
  payload: Record<string, unknown>;
  result?: unknown;
  error?: string | null;
  attempts: number;
  createdAt: Date;
  startedAt?: Date | null;
  finishedAt?: Date | null;
};

/** A `lab_job` row as node-postgres returns it. */
export type LabJobRow = {
  id: string;
  tenant_id: string;
  created_by: string | null;
  type: LabJobType;
  status: LabJobStatus;
  payload: Record<string, unknown>;
  result: unknown;
  error: string | null;
  attempts: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
};

export function fromLabJobRow(row: LabJobRow): LabJobRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    createdBy: row.created_by,
    type: row.type,
    status: row.status,
    payload: row.payload,
    result: row.result,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/** The only shape of a lab job that leaves the server (the tenant id stays inside). */
export function toLabJobDto(job: LabJobRecord): LabJobDto {
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    payload: job.payload,
    result: job.result ?? null,
    error: job.error ?? null,
    attempts: job.attempts,
    createdBy: job.createdBy ?? null,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}
