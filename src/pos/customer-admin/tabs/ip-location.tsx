/**
 * One address's location, asked on demand (§7 "External IP-geolocation lookup by ip returns ip,
 * city, region, country", through the server's adapter); a failure or an unknown address is §8
 * "Failed to get location details.". Needs the network. An answer whose data asks to be credited
 * (DB-IP's CC BY 4.0 licence) shows its credit link beside the location.
 */
import { useState } from 'react';
import { getIpLocation } from '../../../api/customer-ip';
import { LOCATION_FAILED, type IpLocation } from '../../../contracts/customer-ip';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import styles from './customer-admin-tabs.module.css';

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'found'; at: IpLocation } | { kind: 'failed' };

export function IpLocationCell({ customerId, ip, online }: { customerId: string; ip: string; online: boolean }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const locate = () => {
    setState({ kind: 'loading' });
    getIpLocation(customerId, ip).then(
      (at) => setState({ kind: 'found', at }),
      () => setState({ kind: 'failed' }),
    );
  };
  return (
    <div className={styles.location} aria-live="polite">
      {state.kind === 'found' ? (
        <>
          <span>{[state.at.city, state.at.region, state.at.country].filter(Boolean).join(', ')}</span>
          {state.at.credit && (
            <a className={styles.credit} href={state.at.credit.url} target="_blank" rel="noopener noreferrer">
              {state.at.credit.text}
            </a>
          )}
        </>
      ) : state.kind === 'loading' ? (
        <Spinner label={`Locating ${ip}`} />
      ) : (
        <>
          {state.kind === 'failed' && <span className={styles.failed}>{LOCATION_FAILED}</span>}
          <Button variant="secondary" onClick={locate} disabled={!online} aria-label={`Locate ${ip}`}>
            {state.kind === 'failed' ? 'Retry' : 'Locate'}
          </Button>
        </>
      )}
    </div>
  );
}
