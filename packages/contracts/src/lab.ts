import { z } from 'zod';
import { CHEMICAL_NAME_PATTERN } from './agt.ts';

/** The four lab job types. */
export const LAB_JOB_TYPES = ['formulate', 'compliance_check', 'green_score', 'supplier_search'] as const;
/** A lab job's states; only the server moves a job between them. */
export const LAB_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

export const labJobTypeSchema = z.enum(LAB_JOB_TYPES, {
  error: `Type must be one of ${LAB_JOB_TYPES.join(', ')}`,
});
export const labJobStatusSchema = z.enum(LAB_JOB_STATUSES);

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

const compoundList = z
  .array(requiredText('Compound name', 100), { error: 'Compounds must be a list of compound names' })
  .min(1, 'Compounds must name at least one compound')
  .max(50, 'Compounds may name at most 50 compounds');

// Only a wrong type gets the custom message; unknown keys keep zod's "Unrecognized key" naming the key.
const objectError = (message: string) => ({
  error: (issue: { code: string }) => (issue.code === 'invalid_type' ? message : undefined),
});
const payloadObject = objectError('Payload must be an object');

/** formulate: the compounds to combine and what the formulation is for. */
export const formulatePayloadSchema = z
  .object({ compounds: compoundList, target: requiredText('Target', 500) }, payloadObject)
  .strict();

/** compliance_check: the regulation to check the compounds against. */
export const complianceCheckPayloadSchema = z
  .object({ regulation: requiredText('Regulation', 100), compounds: compoundList }, payloadObject)
  .strict();

/** green_score: a formula (free text) and the score (0–100) it should reach. */
export const greenScorePayloadSchema = z
  .object(
    {
      formula: requiredText('Formula', 2000),
      target_score: z
        .number({ error: 'Target score must be a number' })
        .min(0, 'Target score must be between 0 and 100')
        .max(100, 'Target score must be between 0 and 100'),
    },
    payloadObject,
  )
  .strict();

/** Optional filters of a supplier search, sent to the provider as query parameters. */
export const supplierCriteriaSchema = z
  .object(
    {
      region: requiredText('Region', 100).optional(),
      certifications: z
        .array(requiredText('Certification', 50), { error: 'Certifications must be a list' })
        .max(10, 'Certifications may list at most 10 entries')
        .optional(),
      max_lead_time_days: z
        .number({ error: 'Maximum lead time must be a number of days' })
        .int('Maximum lead time must be a whole number of days')
        .min(1, 'Maximum lead time must be between 1 and 365 days')
        .max(365, 'Maximum lead time must be between 1 and 365 days')
        .optional(),
    },
    objectError('Criteria must be an object'),
  )
  .strict();

/** supplier_search: the chemical to find suppliers for (it becomes a path segment, so its characters are limited). */
export const supplierSearchPayloadSchema = z
  .object(
    {
      chemical: requiredText('Chemical', 100).regex(
        CHEMICAL_NAME_PATTERN,
        "Chemical may contain only letters, digits, spaces and , ( ) + ' -",
      ),
      criteria: supplierCriteriaSchema.optional(),
    },
    payloadObject,
  )
  .strict();

/** Body of POST /api/lab/jobs: a type and its payload. Status and results are never accepted from clients. */
export const createLabJobRequestSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('formulate'), payload: formulatePayloadSchema }).strict(),
    z.object({ type: z.literal('compliance_check'), payload: complianceCheckPayloadSchema }).strict(),
    z.object({ type: z.literal('green_score'), payload: greenScorePayloadSchema }).strict(),
    z.object({ type: z.literal('supplier_search'), payload: supplierSearchPayloadSchema }).strict(),
  ],
  { error: `Type must be one of ${LAB_JOB_TYPES.join(', ')}` },
);

/**
 * A lab job as the API returns it, exactly: ids are UUIDs, times ISO 8601 in UTC (`Date#toISOString`),
 * `result` is the provider's JSON answer (null until the job succeeds). Unknown keys are refused, so a
 * test that parses a response fails when the server sends more (or other) than this.
 */
export const labJobSchema = z.strictObject({
  id: z.uuid(),
  type: labJobTypeSchema,
  status: labJobStatusSchema,
  payload: z.record(z.string(), z.unknown()),
  // Required (zod 4 refuses a missing key even for unknown); any JSON value, null before success.
  result: z.unknown(),
  error: z.string().nullable(),
  attempts: z.number().int().min(0),
  createdBy: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});

/** Body of GET /api/lab/jobs: the tenant's newest jobs first (at most LAB_JOB_LIST_LIMIT). */
export const labJobListSchema = z.array(labJobSchema);
export const LAB_JOB_LIST_LIMIT = 100;

/** The server-sent event name on GET /api/lab/jobs/events, and its data. */
export const LAB_JOB_EVENT = 'lab-job';
export const labJobEventSchema = z.strictObject({ id: z.uuid(), status: labJobStatusSchema });

export type LabJobType = z.infer<typeof labJobTypeSchema>;
export type LabJobStatus = z.infer<typeof labJobStatusSchema>;
export type FormulatePayload = z.infer<typeof formulatePayloadSchema>;
export type ComplianceCheckPayload = z.infer<typeof complianceCheckPayloadSchema>;
export type GreenScorePayload = z.infer<typeof greenScorePayloadSchema>;
export type SupplierSearchPayload = z.infer<typeof supplierSearchPayloadSchema>;
export type CreateLabJobRequest = z.infer<typeof createLabJobRequestSchema>;
export type LabJobPayloads = { [R in CreateLabJobRequest as R['type']]: R['payload'] };
export type LabJob = z.infer<typeof labJobSchema>;
export type LabJobEvent = z.infer<typeof labJobEventSchema>;

/**
 * The canned sample payloads the console's buttons queue (formulate has compounds and target,
 * compliance_check regulation and compounds, green_score formula and target_score 80, supplier_search
 * chemical and criteria). Shared by the UI and the tests.
 */
export const LAB_JOB_SAMPLES = {
  formulate: {
    compounds: ['Sodium Cocoyl Isethionate', 'Cocamidopropyl Betaine', 'Glycerin', 'Citric Acid'],
    target: 'Mild, sulfate-free hand wash at pH 5.5',
  },
  compliance_check: {
    regulation: 'EU REACH',
    compounds: ['Sodium Cocoyl Isethionate', 'Methylisothiazolinone', 'Glycerin'],
  },
  green_score: {
    formula:
      'Water 78%, Sodium Cocoyl Isethionate 10%, Cocamidopropyl Betaine 6%, Glycerin 5%, Citric Acid 1%',
    target_score: 80,
  },
  supplier_search: {
    chemical: 'Glycerin',
    criteria: { region: 'EU', certifications: ['RSPO'], max_lead_time_days: 30 },
  },
} as const satisfies { [T in LabJobType]: LabJobPayloads[T] };
