/**
 * /pos/gift-certificates: staff look a gift certificate up by code (its issued amount, balance,
 * recipient, the order that sold it and its history) and browse them all, 10 a page, newest
 * first (docs/decisions/pos.md "Gift certificate lookup"). The list and the history live on the
 * server; offline a lookup answers from this device's copy (balance and status) and says so.
 * Everything shown is in the URL: `code`, `filter`, `page`.
 */
import { useState, type FormEvent } from 'react';
import { giftCodeParam } from '../../contracts/gift-certificate';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { GiftCertificateDetail } from './gift-certificate-detail';
import { GiftCertificateList } from './gift-certificate-list';
import { useQueryParams } from '../../ui/use-query-params';
import styles from './gift-certificates.module.css';

export function GiftCertificatesPage() {
  const [params, set] = useQueryParams();
  const code = params.get('code') ?? '';
  const filter = params.get('filter') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [typed, setTyped] = useState(code);
  const [error, setError] = useState<string | undefined>();

  const lookUp = (value: string) => {
    const parsed = giftCodeParam.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setTyped(parsed.data);
    set({ code: parsed.data });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    lookUp(typed);
  };

  return (
    <section aria-labelledby="gift-title" className={styles.page}>
      <h1 id="gift-title" className={styles.title}>
        Gift Certificates
      </h1>
      <form className={styles.lookup} onSubmit={submit} role="search" aria-label="Look up a gift certificate">
        <TextField
          label="Gift certificate code"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={error}
          autoComplete="off"
          spellCheck={false}
          className={styles.codeInput}
        />
        <Button type="submit">Look Up</Button>
      </form>
      {code && <GiftCertificateDetail code={code} onClose={() => set({ code: '' })} />}
      <GiftCertificateList
        page={page}
        filter={filter}
        onFilter={(f) => set({ filter: f, page: '' })}
        onPage={(p) => set({ page: String(p) })}
        onOpen={(c) => lookUp(c)}
      />
    </section>
  );
}
