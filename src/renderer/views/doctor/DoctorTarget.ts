import type { ArgsIn, Result } from '../../../contract/contract.ts';

/** What the doctor checks: a signed-in account, or an address typed at sign-in. */
export type DoctorTarget = ArgsIn<'doctor.run'>;

/** Runs the check through the Core (`doctor.run`), as the page's model does it. */
export type RunDoctor = (target: DoctorTarget) => Promise<Result<'doctor.run'>>;
