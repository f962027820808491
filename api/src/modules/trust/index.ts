// Trust: who is on a call (the executive or a third party), what each may do, and the phone passcode.
export { createFrontDeskRunner } from './front-desk-runner.ts';
export {
  EXECUTIVE_ON_PHONE_BRIEF,
  PASSCODE_ACCEPTED_NOTE,
  PASSCODE_LOCKED_NOTE,
  PASSCODE_REFUSED_NOTE,
  thirdPartyBrief,
} from './party-brief.ts';
export { realtimeToolsFor, toolNamesFor } from './party-tools.ts';
export { checkPhonePasscode, type PasscodeOutcome } from './phone-access.service.ts';
export { watchPhoneProof } from './phone-access-changes.ts';
export { trustModule } from './trust.module.ts';
export { executiveName, phoneCallParty, type TrustParty } from './trust-party.ts';
