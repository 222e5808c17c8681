// A tiny synchronous event bus: the request layer must announce session expiry to whoever
// listens (session store, layout) without importing React code.

export const EVENTS = {
  loginExpired: 'Login_Expired',
  loginSuccess: 'Login_Success',
} as const;

type Handler = (payload?: unknown) => void;

const handlers = new Map<string, Set<Handler>>();

export const eventBus = {
  on(event: string, handler: Handler): () => void {
    if (!handlers.has(event)) handlers.set(event, new Set());
    handlers.get(event)!.add(handler);
    return () => eventBus.off(event, handler);
  },
  off(event: string, handler: Handler): void {
    handlers.get(event)?.delete(handler);
  },
  emit(event: string, payload?: unknown): void {
    // Copy first: a handler may unsubscribe itself while we iterate.
    [...(handlers.get(event) ?? [])].forEach((handler) => handler(payload));
  },
};
