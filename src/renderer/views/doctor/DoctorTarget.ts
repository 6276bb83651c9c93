import type { ArgsIn } from '../../../contract/contract.ts';

/** What the doctor checks: a signed-in account, or an address typed at sign-in. */
export type DoctorTarget = ArgsIn<'doctor.run'>;
