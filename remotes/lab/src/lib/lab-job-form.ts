import {
  type CreateLabJobRequest,
  createLabJobRequestSchema,
  LAB_JOB_SAMPLES,
  type LabJobType,
} from '@annie/contracts/lab';

/** What the new-job form holds, as typed (lists and numbers are parsed on submit). */
export type LabJobFormValues = {
  type: LabJobType;
  /** One compound per line. */
  compounds: string;
  target: string;
  regulation: string;
  formula: string;
  targetScore: string;
  chemical: string;
  region: string;
  /** Comma-separated. */
  certifications: string;
  maxLeadTimeDays: string;
};

export type LabJobFormField = Exclude<keyof LabJobFormValues, 'type'>;
export type LabJobFormErrors = Partial<Record<LabJobFormField, string>>;

export const EMPTY_LAB_JOB_FORM: LabJobFormValues = {
  type: 'formulate',
  compounds: '',
  target: '',
  regulation: '',
  formula: '',
  targetScore: '80',
  chemical: '',
  region: '',
  certifications: '',
  maxLeadTimeDays: '',
};

/** The form filled with the canned sample of a type. */
export function sampleLabJobForm(type: LabJobType): LabJobFormValues {
  const values = { ...EMPTY_LAB_JOB_FORM, type };
  switch (type) {
    case 'formulate': {
      const sample = LAB_JOB_SAMPLES.formulate;
      return { ...values, compounds: sample.compounds.join('\n'), target: sample.target };
    }
    case 'compliance_check': {
      const sample = LAB_JOB_SAMPLES.compliance_check;
      return { ...values, regulation: sample.regulation, compounds: sample.compounds.join('\n') };
    }
    case 'green_score': {
      const sample = LAB_JOB_SAMPLES.green_score;
      return { ...values, formula: sample.formula, targetScore: String(sample.target_score) };
    }
    case 'supplier_search': {
      const { chemical, criteria } = LAB_JOB_SAMPLES.supplier_search;
      return {
        ...values,
        chemical,
        region: criteria.region,
        certifications: criteria.certifications.join(', '),
        maxLeadTimeDays: String(criteria.max_lead_time_days),
      };
    }
  }
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const commaList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

function payloadOf(values: LabJobFormValues): unknown {
  switch (values.type) {
    case 'formulate':
      return { compounds: lines(values.compounds), target: values.target };
    case 'compliance_check':
      return { regulation: values.regulation, compounds: lines(values.compounds) };
    case 'green_score':
      return { formula: values.formula, target_score: numberOrUndefined(values.targetScore) };
    case 'supplier_search': {
      const criteria = {
        region: values.region.trim() || undefined,
        certifications: commaList(values.certifications).length
          ? commaList(values.certifications)
          : undefined,
        max_lead_time_days: numberOrUndefined(values.maxLeadTimeDays),
      };
      const hasCriteria = Object.values(criteria).some((value) => value !== undefined);
      return { chemical: values.chemical, ...(hasCriteria ? { criteria } : {}) };
    }
  }
}

const FIELD_OF_PAYLOAD_KEY: Record<string, LabJobFormField> = {
  compounds: 'compounds',
  target: 'target',
  regulation: 'regulation',
  formula: 'formula',
  target_score: 'targetScore',
  chemical: 'chemical',
  region: 'region',
  certifications: 'certifications',
  max_lead_time_days: 'maxLeadTimeDays',
};

/** The request the form describes, checked with the same contract the API applies, or each field's first error. */
export function toCreateLabJobRequest(
  values: LabJobFormValues,
): { ok: true; request: CreateLabJobRequest } | { ok: false; errors: LabJobFormErrors } {
  const parsed = createLabJobRequestSchema.safeParse({ type: values.type, payload: payloadOf(values) });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: LabJobFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = [...issue.path]
      .reverse()
      .find((part) => typeof part === 'string' && part in FIELD_OF_PAYLOAD_KEY);
    const field = typeof key === 'string' ? FIELD_OF_PAYLOAD_KEY[key] : undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
