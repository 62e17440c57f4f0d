import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleStop } from 'lucide-react';
import { type ComponentProps, type ComponentType, useState } from 'react';
import { IconButton } from '../../ui/form';
import { errorText } from '../format';
import { AdminListScreen } from '../ui/AdminListScreen';
import type { DataTable } from '../ui/DataTable';
import { notice } from '../ui/Notice';
import { type ListDialogProps, useAdminList } from '../ui/useAdminList';

type Promotion = { _id: string };

/**
 * The sales or coupons screen: the list with Add, Edit and Delete, and "End now" on a row that can end (its end
 * becomes this instant). `noun` names the kind ("sale", "coupon") in the screen's texts.
 */
export function PromotionList<Row extends Promotion, Data>({
  noun,
  subtitle,
  api,
  rowsOf,
  name,
  canEnd,
  deleted,
  columns,
  dialog,
}: {
  noun: 'sale' | 'coupon';
  subtitle: string;
  api: {
    all: () => Promise<Data>;
    edit: (id: string, body: { endsAt: string }) => Promise<unknown>;
    remove: (id: string) => Promise<unknown>;
  };
  rowsOf: (data: Data) => Row[];
  name: (row: Row) => string;
  canEnd: (row: Row) => boolean;
  /** Said once a row is deleted. */
  deleted: string;
  columns: ComponentProps<typeof DataTable<Row>>['columns'];
  dialog: ComponentType<ListDialogProps<Row>>;
}) {
  const Noun = noun === 'sale' ? 'Sale' : 'Coupon';
  const plural = `${noun}s`;
  const key = ['admin', plural];
  const qc = useQueryClient();
  const list = useAdminList<Row>();
  const [ending, setEnding] = useState<string | null>(null);
  const query = useQuery({ queryKey: key, queryFn: api.all });
  const reload = () => qc.invalidateQueries({ queryKey: key });

  async function endNow(row: Row) {
    setEnding(row._id);
    try {
      await api.edit(row._id, { endsAt: new Date().toISOString() });
      notice.success(`${name(row)} has ended.`, 'Success!');
    } catch (err) {
      notice.error(errorText(err, `Failed to end the ${noun}`));
    } finally {
      setEnding(null);
      await reload();
    }
  }

  return (
    <AdminListScreen
      list={list}
      noun={Noun}
      plural={`${Noun}s`}
      subtitle={subtitle}
      query={query}
      loadFailed={errorText(query.error, `Failed to fetch ${plural}`)}
      rows={query.data ? rowsOf(query.data) : []}
      rowKey={(row) => row._id}
      empty={`No ${plural} yet. Click "Add ${Noun}" to create one.`}
      columns={columns}
      rowName={name}
      rowActions={(row) =>
        canEnd(row) ? (
          <IconButton label={`End ${name(row)} now`} disabled={ending === row._id} onClick={() => endNow(row)}>
            <CircleStop aria-hidden className="size-4" />
          </IconButton>
        ) : null
      }
      onDelete={(row) =>
        list.removeRow({
          remove: () => api.remove(row._id),
          deleted,
          failed: (err) => ({ text: errorText(err, `Failed to delete the ${noun}`) }),
          after: reload,
        })
      }
      dialog={dialog}
      reload={reload}
    />
  );
}
