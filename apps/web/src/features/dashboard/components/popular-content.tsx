import { Card, Radio } from '@arco-design/web-react';
import { IconArrowFall, IconArrowRise } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_TYPES, type ContentType } from '@water/contracts';
import { useState } from 'react';
import { workplaceQueries } from '../api/workplace-queries.ts';
import { useWorkplaceI18n } from '../use-workplace-i18n.ts';
import { WidgetState } from './widget-state.tsx';

function Increase({ value }: { value: number }) {
  const { t } = useWorkplaceI18n();
  // Shown to one decimal: what rounds to 0.0 % is no change, with no arrow and no colour.
  if (Math.abs(value) < 0.05) {
    return <span className="workplace__increase workplace__increase--flat">0.0%</span>;
  }
  const up = value > 0;
  return (
    <span className={`workplace__increase workplace__increase--${up ? 'up' : 'down'}`}>
      {Math.abs(value).toFixed(1)}%
      {up ? (
        <IconArrowRise aria-label={t('workplace.popular.up')} />
      ) : (
        <IconArrowFall aria-label={t('workplace.popular.down')} />
      )}
    </span>
  );
}

/**
 * The five most viewed published items of each type (`GET /api/popular/list?type=`). A plain table:
 * Arco's Table would split lodash pieces out of the sign-in form's chunk, costing /login 2 KB.
 */
export function PopularContent() {
  const { t, locale } = useWorkplaceI18n();
  const [type, setType] = useState<ContentType>('text');
  const query = useQuery(workplaceQueries.popular(type, locale));
  return (
    <Card
      className="workplace__card"
      bordered={false}
      title={<h3 className="workplace__title">{t('workplace.popular')}</h3>}
    >
      <Radio.Group
        type="button"
        value={type}
        onChange={(value: ContentType) => setType(value)}
        aria-label={t('workplace.popular.type')}
        className="workplace__popular-types"
      >
        {CONTENT_TYPES.map((key) => (
          <Radio key={key} value={key}>
            {t(`workplace.popular.${key}`)}
          </Radio>
        ))}
      </Radio.Group>
      <WidgetState query={query} skeletonRows={5} isEmpty={(items) => items.length === 0}>
        {(items) => (
          <table className="workplace__popular">
            <thead>
              <tr>
                <th scope="col" className="workplace__popular-rank">
                  {t('workplace.popular.rank')}
                </th>
                <th scope="col">{t('workplace.popular.title')}</th>
                <th scope="col">{t('workplace.popular.clicks')}</th>
                <th scope="col">{t('workplace.popular.increases')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <tr key={item.key}>
                  <td className="workplace__popular-rank">{index + 1}</td>
                  <td className="workplace__popular-title" title={item.title}>
                    {item.title}
                  </td>
                  <td>{item.clickNumber}</td>
                  <td>
                    <Increase value={item.increases} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </WidgetState>
    </Card>
  );
}
