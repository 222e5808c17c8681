import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

// Toasts last 2 s and at most one is shown (spec section 8). The static API is configured here
// for code that runs before React mounts; once <App> mounts it binds the context-aware instance
// (same settings) so toasts follow the theme and locale.
export const TOAST_CONFIG = { duration: 2, maxCount: 1 } as const;
message.config(TOAST_CONFIG);

let api: Pick<MessageInstance, 'success' | 'error' | 'warning' | 'info'> = message;

export function bindMessageApi(instance: MessageInstance): void {
  api = instance;
}

/** Indirection so tests can spy on toasts without rendering antd. */
export const toast = {
  success(text: string): void {
    void api.success(text);
  },
  error(text: string): void {
    void api.error(text);
  },
  warning(text: string): void {
    void api.warning(text);
  },
  info(text: string): void {
    void api.info(text);
  },
};
