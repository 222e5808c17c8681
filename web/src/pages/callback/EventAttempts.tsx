import { useEffect, useState } from 'react';
import { callbackAttempts } from '@/api/callbacks';
import type { CallbackAttempt } from '@/api/orders';
import CallbackAttemptsTable from '@/pages/orders/CallbackAttemptsTable';

/** The expanded row of a callback event: its delivery attempts, read when the row opens. */
export default function EventAttempts({ eventId, timeZone, reloadKey }: { eventId: string; timeZone: number | null; reloadKey: number }) {
  const [attempts, setAttempts] = useState<CallbackAttempt[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    callbackAttempts(eventId)
      .then((answer) => alive && setAttempts(answer ?? []))
      .catch(() => undefined) // the request layer told the user
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [eventId, reloadKey]);
  return <CallbackAttemptsTable attempts={attempts} timeZone={timeZone} loading={loading} testId={`event-attempts-${eventId}`} />;
}
