import type { PhoneCallDto, PhoneCallStatus } from '@annie/contracts/phone-calls';

/** The four stages the live call panel shows. */
export type CallStage = 'dialling' | 'ringing' | 'in-progress' | 'ended';

const STAGES: Record<PhoneCallStatus, CallStage> = {
  placing: 'dialling',
  queued: 'dialling',
  initiated: 'dialling',
  ringing: 'ringing',
  'in-progress': 'in-progress',
  completed: 'ended',
  busy: 'ended',
  failed: 'ended',
  'no-answer': 'ended',
  canceled: 'ended',
};

// Why an ended call ended, in the executive's words (Twilio's final statuses).
const ENDINGS: Partial<Record<PhoneCallStatus, string>> = {
  busy: 'Call ended: the line was busy',
  failed: 'Call ended: it could not be connected',
  'no-answer': 'Call ended: no answer',
  canceled: 'Call ended before it was answered',
};

/** The call's stage; a call whose session has ended is over whatever its last status said. */
export function callStageOf(call: Pick<PhoneCallDto, 'status' | 'endedAt'>): CallStage {
  return call.endedAt ? 'ended' : STAGES[call.status];
}

/** What the panel says of the call now: Dialling…, Ringing…, In progress, or how it ended. */
export function callStatusLabel(call: Pick<PhoneCallDto, 'status' | 'endedAt'>): string {
  switch (callStageOf(call)) {
    case 'dialling':
      return 'Dialling…';
    case 'ringing':
      return 'Ringing…';
    case 'in-progress':
      return 'In progress';
    case 'ended':
      return ENDINGS[call.status] ?? 'Call ended';
  }
}
