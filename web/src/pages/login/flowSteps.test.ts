import { describe, expect, it } from 'vitest';
import { flowReducer, stepIndex, type FlowEvent, type FlowStep } from './flowSteps';

const run = (events: FlowEvent[], from: FlowStep = 'identify') => events.reduce(flowReducer, from);

describe('register / reset step machine', () => {
  it('goes e-mail and code → password → done', () => {
    expect(run([{ type: 'continue' }])).toBe('password');
    expect(run([{ type: 'continue' }, { type: 'submitted' }])).toBe('done');
    expect(stepIndex(run([{ type: 'continue' }, { type: 'submitted' }]))).toBe(2);
  });

  it('Back returns to step 1 from the password step', () => {
    expect(run([{ type: 'continue' }, { type: 'back' }])).toBe('identify');
  });

  it('cannot skip step 1 or submit from it', () => {
    expect(run([{ type: 'submitted' }])).toBe('identify');
    expect(run([{ type: 'back' }])).toBe('identify');
  });

  it('returns to step 1 when the server refuses the code or the e-mail', () => {
    expect(run([{ type: 'continue' }, { type: 'rejected', code: 11002 }])).toBe('identify');
    expect(run([{ type: 'continue' }, { type: 'rejected', code: 11005 }])).toBe('identify');
  });

  it('stays on the password step for other refusals', () => {
    expect(run([{ type: 'continue' }, { type: 'rejected', code: 10422 }])).toBe('password');
    expect(run([{ type: 'continue' }, { type: 'rejected', code: 0 }])).toBe('password');
  });

  it('done is final until a restart (tab change)', () => {
    expect(run([{ type: 'back' }, { type: 'continue' }], 'done')).toBe('done');
    expect(run([{ type: 'restart' }], 'done')).toBe('identify');
    expect(run([{ type: 'restart' }], 'password')).toBe('identify');
  });
});
