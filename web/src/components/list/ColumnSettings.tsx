import { Button, Checkbox, Divider, Popover, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ListColumn, useColumnSettings } from './columnSettings';

interface ColumnSettingsProps<T> {
  settings: ReturnType<typeof useColumnSettings<T>>;
}

/** The Columns button: switch each column on or off, show all, or go back to the list's default. */
export default function ColumnSettings<T>({ settings }: ColumnSettingsProps<T>) {
  const { t } = useTranslation();
  const content = (
    <div className="coffer-column-settings" data-testid="list-columns-panel">
      <Space direction="vertical" size={4}>
        {settings.toggleable.map((column: ListColumn<T>) => (
          <Checkbox
            key={String(column.key)}
            checked={settings.isShown(column)}
            onChange={(event) => settings.setShown(String(column.key), event.target.checked)}
            data-testid={`list-column-${String(column.key)}`}
          >
            {typeof column.title === 'function' ? String(column.key) : column.title}
          </Checkbox>
        ))}
      </Space>
      <Divider className="coffer-column-settings-divider" />
      <Space>
        <Button size="small" type="link" onClick={settings.showAll} data-testid="list-columns-all">
          {t('list_columns_all')}
        </Button>
        <Button size="small" type="link" onClick={settings.reset} data-testid="list-columns-reset">
          {t('list_columns_reset')}
        </Button>
      </Space>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('list_columns')} content={content}>
      <Button size="small" icon={<SettingOutlined />} data-testid="list-columns">
        {t('list_columns')}
      </Button>
    </Popover>
  );
}
