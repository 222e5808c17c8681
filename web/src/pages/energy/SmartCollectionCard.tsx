import { useEffect, useState } from 'react';
import { Alert, Card, Divider, List, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { setSmartSwitch, type SmartCollection, type SmartSaving, type SmartSwitch } from '@/api/energy';
import PassModal, { type PassRequest } from '@/components/PassModal';
import { useAccess } from '@/hooks/useAccess';
import { PERMISSIONS } from '@/router/permissions';
import { toast } from '@/utils/feedback';
import SmartSavingFigures from './SmartSavingFigures';

/** The switches in the card's order, each with its title and what it does. */
const SWITCHES = [
  { name: 'energyCollect', title: 'energy_smart_collect', tip: 'energy_smart_collect_tip' },
  { name: 'energyPay', title: 'energy_smart_pay', tip: 'energy_smart_pay_tip' },
  { name: 'trxCollect', title: 'energy_smart_trx', tip: 'energy_smart_trx_tip' },
] as const satisfies ReadonlyArray<{ name: SmartSwitch; title: string; tip: string }>;

/**
 * Smart collection: the merchant's three switches (ENERGY_SMART, 20302), each with one line on
 * what it does. Turning one asks for the Google code; the switch shows the change while it is
 * asked and goes back when it is cancelled or refused. Without 20302 the switches are disabled.
 * Under them, what smart collection saved over the profile's last days (`saving`).
 * `smart` and `saving` null: the profile is not read (yet).
 */
export default function SmartCollectionCard({ smart, saving, loading }: { smart: SmartCollection | null; saving: SmartSaving | null; loading: boolean }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const allowed = hasPermission(PERMISSIONS.energySmart);
  const [saved, setSaved] = useState<SmartCollection | null>(smart);
  const [pending, setPending] = useState<{ name: SmartSwitch; enabled: boolean } | null>(null);
  const [pass, setPass] = useState<PassRequest | null>(null);

  // The profile read again (an order placed) is the server's latest word.
  useEffect(() => setSaved(smart), [smart]);

  const turn = (name: SmartSwitch, title: string, enabled: boolean) => {
    setPending({ name, enabled });
    setPass({
      title: t(enabled ? 'energy_smart_on_title' : 'energy_smart_off_title', { name: title }),
      codeTip: t('energy_smart_code_tip'),
      testId: 'energy-smart',
      send: async (googleCode) => {
        setPending({ name, enabled });
        try {
          setSaved(await setSmartSwitch(name, { enabled, googleCode }));
        } catch {
          setPending(null); // toasted by the request layer; the dialog stays for another code
          return false;
        }
        setPending(null);
        toast.success(t(enabled ? 'opened_successfully' : 'closed_successfully'));
        return true;
      },
    });
  };

  const close = () => {
    setPass(null);
    setPending(null);
  };

  // The profile's answer until the effect above has copied it: the switches work from the first
  // render that has it.
  const switches = saved ?? smart;
  const shown = (name: SmartSwitch) => (pending?.name === name ? pending.enabled : (switches?.[name] ?? false));
  const burnsStill = switches !== null && switches.energyCollect && !switches.energyPay;
  return (
    <Card title={t('energy_smart')} className="coffer-card coffer-gap-bottom" loading={loading && switches === null} data-testid="energy-smart">
      {burnsStill && <Alert type="warning" showIcon className="coffer-gap-bottom" message={t('energy_smart_burn_warning')} data-testid="energy-smart-burn-warning" />}
      <List
        itemLayout="horizontal"
        dataSource={[...SWITCHES]}
        renderItem={({ name, title, tip }) => {
          const control = (
            <Switch
              checked={shown(name)}
              disabled={!allowed || switches === null}
              loading={pending?.name === name}
              onChange={(checked) => turn(name, t(title), checked)}
              data-testid={`energy-smart-${name}`}
            />
          );
          return (
            <List.Item
              actions={[
                allowed ? (
                  control
                ) : (
                  // A disabled switch gets no pointer events: the tooltip hangs on a wrapper.
                  <Tooltip title={t('energy_smart_not_allowed')}>
                    <span data-testid={`energy-smart-locked-${name}`}>{control}</span>
                  </Tooltip>
                ),
              ]}
              data-testid={`energy-smart-row-${name}`}
            >
              <List.Item.Meta title={t(title)} description={<Typography.Text type="secondary">{t(tip)}</Typography.Text>} />
            </List.Item>
          );
        }}
      />
      {saving !== null && (
        <>
          <Divider orientation="left" plain>
            <span data-testid="energy-saving-title">{t('energy_smart_saved_title', { days: saving.days })}</span>
          </Divider>
          <SmartSavingFigures saving={saving} />
        </>
      )}
      <PassModal request={pass} onCancel={close} />
    </Card>
  );
}
