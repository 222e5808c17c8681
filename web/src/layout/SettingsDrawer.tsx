import { Drawer, List, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateSettings, useSettings, type LayoutSettings } from '@/hooks/useSettings';
import type { TranslationKey } from '@/locales/types';

const TOGGLES: { key: keyof LayoutSettings; label: TranslationKey }[] = [
  { key: 'sidebarLogo', label: 'setting_logo' },
  { key: 'fixedHeader', label: 'setting_fixed_header' },
  { key: 'tagsView', label: 'setting_tags_view' },
];

/** Settings drawer of spec section 2: sidebar logo, fixed header and tags view. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Drawer open={open} onClose={onClose} title={t('settings_title')} width={320} data-testid="settings-drawer">
      <List
        dataSource={TOGGLES}
        renderItem={(toggle) => (
          <List.Item
            extra={
              <Switch
                checked={settings[toggle.key]}
                onChange={(checked) => updateSettings({ [toggle.key]: checked })}
                data-testid={`setting-${toggle.key}`}
              />
            }
          >
            {t(toggle.label)}
          </List.Item>
        )}
      />
    </Drawer>
  );
}
