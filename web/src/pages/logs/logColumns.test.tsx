import { act, render, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoginLogEntry, OperationLogEntry } from '@/api/types';
import i18n from '@/locales';
import { OperationChange, actionLabel, failureReason, formatLogValue, loginLogColumns, operationLogColumns } from './logColumns';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const named: OperationLogEntry = {
  id: 2,
  email: 'ops@example.com',
  action: '/api/partner/account/delete',
  actionName: { en: 'Delete account', 'zh-CN': '删除账户', 'zh-HK': '刪除賬戶' },
  target: 'clerk@example.com',
  before: '{}',
  after: '{"id":7}',
  ip: '203.0.113.7',
  userAgent: CHROME_ON_WINDOWS,
  result: 'success',
  createtime: '2026-11-22T08:00:00Z',
};

// Written before actions were named and targets recorded: shown as stored.
const older: OperationLogEntry = {
  ...named,
  id: 1,
  action: '/api/partner/retired/call',
  actionName: null,
  target: '',
  userAgent: '',
};

function renderOperations(entries: OperationLogEntry[]) {
  render(
    <Table<OperationLogEntry>
      rowKey="id"
      dataSource={entries}
      pagination={false}
      columns={operationLogColumns(i18n.t, 0, { withEmail: true })}
    />,
  );
  return screen.getAllByRole('row').slice(1);
}

afterEach(() => act(() => void i18n.changeLanguage('en')));

describe('log values', () => {
  it('indents JSON text and objects, keeps plain text, dashes empty values', () => {
    expect(formatLogValue('{"name":"Clerks","menuIds":[7]}')).toBe('{\n  "name": "Clerks",\n  "menuIds": [\n    7\n  ]\n}');
    expect(formatLogValue({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(formatLogValue('plain words')).toBe('plain words');
    expect(formatLogValue('{broken')).toBe('{broken');
    expect(formatLogValue('')).toBe('—');
    expect(formatLogValue(null)).toBe('—');
  });

  it('names the failure reasons and shows unknown ones as sent', async () => {
    await i18n.changeLanguage('en');
    expect(failureReason('bad_password', i18n.t)).toBe('Wrong password');
    expect(failureReason('pending', i18n.t)).toBe('Awaiting activation');
    expect(failureReason('google_locked', i18n.t)).toBe('Authenticator paused');
    expect(failureReason('something_new', i18n.t)).toBe('something_new');
    expect(failureReason('', i18n.t)).toBe('—');
  });
});

describe('operation log columns', () => {
  it('name the action in the console language, the target and the browser', async () => {
    await act(() => i18n.changeLanguage('en'));
    const [row] = renderOperations([named]);
    expect(within(row).getByTestId('log-action').textContent).toBe('Delete account');
    expect(within(row).getByTestId('log-target').textContent).toBe('clerk@example.com');
    expect(within(row).getByTestId('log-browser').textContent).toBe('Chrome 131 · Windows 10');
  });

  it('switch the action name with the language, without a new request', async () => {
    await act(() => i18n.changeLanguage('zh-HK'));
    const [row] = renderOperations([named]);
    expect(within(row).getByTestId('log-action').textContent).toBe('刪除賬戶');
    expect(screen.getByText('瀏覽器')).toBeTruthy();
  });

  it('show an older entry as stored: its path, a dash for target and browser', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const [row] = renderOperations([older]);
    expect(within(row).getByTestId('log-action').textContent).toBe('/api/partner/retired/call');
    expect(within(row).getByTestId('log-target').textContent).toBe('—');
    expect(within(row).getByTestId('log-browser').textContent).toBe('—');
  });

  it('show where an operation came from in its expanded row, the columns it hides at first', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<OperationChange entry={named} t={i18n.t} />);
    const client = screen.getByTestId('log-change-client');
    expect(client.textContent).toBe('IP: 203.0.113.7Browser: Chrome 131 · Windows 10');
  });

  it('fall back to English, then to the path, for the action label', () => {
    expect(actionLabel({ action: '/p', actionName: { en: 'Add role', 'zh-CN': '' } as never }, 'zh-CN')).toBe('Add role');
    expect(actionLabel({ action: '/p', actionName: undefined }, 'en')).toBe('/p');
  });
});

describe('login log columns', () => {
  it('read the browser of a sign-in', async () => {
    await act(() => i18n.changeLanguage('en'));
    const entry: LoginLogEntry = {
      id: 1,
      email: 'ops@example.com',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      result: 'failure',
      reason: 'bad_password',
      createtime: '2026-11-22T08:00:00Z',
    };
    render(<Table<LoginLogEntry> rowKey="id" dataSource={[entry]} pagination={false} columns={loginLogColumns(i18n.t, 0)} />);
    expect(screen.getByTestId('log-browser').textContent).toBe('Firefox 133 · Linux');
    expect(screen.getByTestId('log-reason').textContent).toBe('Wrong password');
  });
});
