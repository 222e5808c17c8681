import { post } from '@/utils/request';
import type { UserSession, VerifyType } from './types';

// Session and account calls (docs/api.md). One typed function per call.

export interface Credentials {
  email: string;
  password: string;
}

/** Checks e-mail and password; the answer selects the second step (0 = e-mail code). */
export const loginVerify = (body: Credentials) =>
  post<VerifyType>('/api/partner/login/verify', body, { loading: true });

/** Code types of /code/email: 1 register, 2 login verify, 8 reset password. */
export const EMAIL_CODE_TYPE = { register: 1, login: 2, reset: 8, invite: 9 } as const;
export type EmailCodeType = (typeof EMAIL_CODE_TYPE)[keyof typeof EMAIL_CODE_TYPE];

export const sendEmailCode = (body: { email: string; type: EmailCodeType }) =>
  post<null>('/api/partner/code/email', body); // the get-code button shows its own spinner

export const login = (body: Credentials & { code: string }) =>
  post<UserSession>('/api/partner/login', body, { loading: true });

export const logout = () => post<null>('/api/partner/logout', undefined, { loading: true, silent: true });

/** Start-up refresh of menus and permissions; failures other than expiry stay quiet. */
export const userInfo = () => post<UserSession>('/api/partner/user/info', undefined, { silent: true });

export interface PasswordChange {
  passwordOld: string;
  password: string;
  passwordVerify: string;
}

export const editPassword = (body: PasswordChange) =>
  post<null>('/api/partner/password/edit', body, { loading: true });

/** Body of /register (code type 1) and /reset (code type 8). */
export interface EmailCodePassword {
  email: string;
  code: string;
  password: string;
  passwordVerify: string;
}

/** Creates a merchant awaiting activation, with this user as its admin. */
export const register = (body: EmailCodePassword) => post<unknown>('/api/partner/register', body, { loading: true });

/** Step 1 of the reset's answer: proof that the code (type 8) was right, for step 2. */
export interface ResetProof {
  resetToken: string;
  expiresAt: string;
}

/**
 * Step 1 of the reset: checks the code without using it up. Silent: the panel shows the refusal
 * under the code field.
 */
export const verifyResetCode = (body: { email: string; code: string }) =>
  post<ResetProof>('/api/partner/reset/verify', body, { loading: true, silent: true });

/** Body of /reset with the proof of step 1. */
export interface ResetWithProof {
  email: string;
  resetToken: string;
  password: string;
  passwordVerify: string;
}

/** Sets a new password for the account of `email` and ends its sessions. */
export const resetPassword = (body: ResetWithProof) => post<unknown>('/api/partner/reset', body, { loading: true });

/** An invited sub-account sets its password with the mailed code (type 9). */
export const acceptInvitation = (body: EmailCodePassword) =>
  post<unknown>('/api/partner/invite/accept', body, { loading: true });
