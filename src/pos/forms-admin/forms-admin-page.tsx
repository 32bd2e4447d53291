/**
 * /pos/settings/forms: the custom forms, the admin's (docs/decisions/storefront.md "Custom forms
 * admin"): the list, a form to create or edit (?edit=new | ?edit={id}) and a form's submissions
 * (?submissions={id}). Online only: forms live on the server.
 */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formsAdminQueryKey, getAdminForm, getAdminForms } from '../../api/forms-admin';
import type { AdminFormList } from '../../contracts/forms-admin';
import { useSession } from '../../features/session/use-session';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { formatDateTime } from '../../ui/format-date';
import tableStyles from '../../ui/table/table.module.css';
import { TableHead } from '../../ui/table/table-head';
import { FormEditor } from './form-editor';
import { FormSubmissions } from './form-submissions';
import { AdminSettingsPage } from '../../features/settings/admin-settings-page';
import adminPage from '../../ui/admin-page.module.css';
import styles from './forms-admin.module.css';

function FormsTable({ forms, open }: { forms: AdminFormList['forms']; open: (key: string, id: number) => void }) {
  return (
    <div className={tableStyles.wrap}>
      <table className={tableStyles.table}>
        <TableHead
          caption="Custom forms"
          columns={['Form', 'Page', 'Submissions', 'Last', 'Actions']}
          classNames={{ Submissions: styles.numbers }}
          hidden={['Actions']}
        />
        <tbody>
          {forms.map((f) => (
            <tr key={f.id}>
              <td>
                {f.name}
                {f.status ? '' : ' (inactive)'}
              </td>
              <td>
                <a href={`/forms/${f.slug}`}>/forms/{f.slug}</a>
              </td>
              <td className={styles.numbers}>{f.submissions}</td>
              <td>{f.last_submission ? formatDateTime(f.last_submission) : '—'}</td>
              <td>
                <div className={styles.actions}>
                  <Button variant="secondary" onClick={() => open('edit', f.id)} aria-label={`Edit ${f.name}`}>
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => open('submissions', f.id)}
                    aria-label={`Submissions of ${f.name}`}
                  >
                    Submissions
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FormsAdminPage() {
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const edit = params.get('edit');
  const subs = Number(params.get('submissions')) || null;
  const editId = edit && edit !== 'new' ? Number(edit) || null : null;
  const list = useQuery({
    queryKey: formsAdminQueryKey,
    queryFn: ({ signal }) => getAdminForms(signal),
    enabled: admin,
  });
  const formId = editId;
  const one = useQuery({
    queryKey: [...formsAdminQueryKey, formId],
    queryFn: ({ signal }) => getAdminForm(formId!, signal),
    enabled: admin && formId !== null,
  });
  const close = () => setParams({});
  const open = (key: string, id: number) => setParams({ [key]: String(id) });
  const subsName = list.data?.forms.find((f) => f.id === subs)?.name ?? '';

  let detail = null;
  if (edit === 'new' || editId) {
    if (one.isError) detail = <ErrorState message={one.error.message} />;
    else if (edit === 'new' && list.data)
      detail = (
        <FormEditor
          key="new"
          form={null}
          stores={list.data.stores}
          onSaved={(f) => open('edit', f.id)}
          onClose={close}
        />
      );
    else if (one.data && one.data.id === editId)
      detail = (
        <FormEditor
          key={one.data.id}
          form={one.data}
          stores={one.data.stores}
          onSaved={() => undefined}
          onClose={close}
        />
      );
    else detail = <p role="status">Loading…</p>;
  } else if (subs) detail = <FormSubmissions key={subs} formId={subs} name={subsName} onClose={close} />;

  return (
    <AdminSettingsPage titleId="forms-admin-title" title="Custom forms" classNames={adminPage}>
      {detail}
      <section className={adminPage.section} aria-label="Forms">
        <div className={styles.actions}>
          <Button onClick={() => setParams({ edit: 'new' })}>New form</Button>
        </div>
        {list.isError ? (
          <ErrorState message={list.error.message} />
        ) : !list.data ? (
          <p role="status">Loading…</p>
        ) : list.data.forms.length === 0 ? (
          <EmptyState title="No custom forms yet." />
        ) : (
          <FormsTable forms={list.data.forms} open={open} />
        )}
      </section>
    </AdminSettingsPage>
  );
}
