import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '@/locales';
import { depositRow } from '@/test/deposits';
import { depositCsv } from './depositKind';

describe('the CSV of deposits', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('has the exact amounts, labels, quoted replies and times in the merchant zone', () => {
    const csv = depositCsv(
      [depositRow(1, { amount: '25', actualAmount: '25' }), depositRow(2, { amount: '0.000000000000000001', status: 7, callbackStatus: 0, note: 'dust', openId: 'a,b' })],
      i18n.t,
      8,
      { withType: false },
    );
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      'Order number,Merchant order number,OpenID,User ID,Chain,Token,Hash,Source address,Target address,Quantity,Actual arrival quantity,Status,Confirmations,Required confirmations,Block,Note,Callback status,Callback result,Notification status,Created (UTC+8),Confirmed (UTC+8)',
    );
    expect(lines[1]).toBe(
      `D202611220000001,,user-1,7,Devchain,USDT,0x${'ab'.repeat(32)},0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0,0x5FbDB2315678afecb367f032d93F642f64180aa3,25,25,Transaction complete,12,12,120,,Success,"{""code"":0}",Success,2026-11-22 15:00:00,2026-11-22 15:01:00`,
    );
    expect(lines[2]).toContain(',"a,b",');
    expect(lines[2]).toContain(',0.000000000000000001,25.123456,On-chain confirming,');
    expect(lines[2]).toContain('Below the minimum: not credited,In callback,');
    expect(lines[3]).toBe('');
  });

  it('adds the type on the transaction list, in the UI language', async () => {
    await i18n.changeLanguage('zh-CN');
    const csv = depositCsv([depositRow(1, { type: 1 })], i18n.t, 8, { withType: true });
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header.startsWith('订单号,商户订单号,类型,OpenID,')).toBe(true);
    expect(row).toContain(',充值,user-1,');
    expect(row).toContain(',交易完成,');
    await i18n.changeLanguage('en');
  });
});
