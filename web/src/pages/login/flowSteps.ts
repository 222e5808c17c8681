// The step machine shared by registration and password reset (spec section 4):
// e-mail and code → password → done. Back returns to step 1; changing tab restarts.

export type FlowStep = 'identify' | 'password' | 'done';

export type FlowEvent =
  /** Step 1 passed (the reset's code checked by the server; register's is checked on submit). */
  | { type: 'continue' }
  | { type: 'back' }
  /** The server accepted the submit. */
  | { type: 'submitted' }
  /** The server refused the submit with this code. */
  | { type: 'rejected'; code: number }
  | { type: 'restart' };

/**
 * invalid_code, email_taken and reset_proof_invalid (step 1's proof expired or was used): the
 * fix is on step 1, so the flow returns there.
 */
export const STEP_ONE_ERROR_CODES: readonly number[] = [11002, 11005, 11013];

export const FLOW_STEPS: readonly FlowStep[] = ['identify', 'password', 'done'];

export function flowReducer(step: FlowStep, event: FlowEvent): FlowStep {
  if (event.type === 'restart') return 'identify';
  switch (step) {
    case 'identify':
      return event.type === 'continue' ? 'password' : step;
    case 'password':
      if (event.type === 'back') return 'identify';
      if (event.type === 'submitted') return 'done';
      if (event.type === 'rejected') return STEP_ONE_ERROR_CODES.includes(event.code) ? 'identify' : 'password';
      return step;
    case 'done':
      return step;
  }
}

export const stepIndex = (step: FlowStep): number => FLOW_STEPS.indexOf(step);
