/**
 * /information/contact (storefront.md §2 "Routes and links", §4 "Store locator"): the store list,
 * where choosing a store opens the store-shopping confirmation modal instead of updating the
 * navigation button at once; confirming makes it the shopper's store and goes to /product/catalog.
 * docs/decisions/storefront.md "Dealer locator".
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CONTACT_SOURCE, type DealerStore } from '../../contracts/dealer-locator';
import { useChooseStore } from '../../features/shopper-store/use-shopper-store';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { LocatorPage } from './locator-page';

export function ContactPage() {
  const [pending, setPending] = useState<DealerStore | null>(null);
  const choose = useChooseStore();
  const navigate = useNavigate();
  const confirm = () => {
    if (!pending) return;
    choose(pending);
    setPending(null);
    void navigate('/product/catalog');
  };
  return (
    <>
      <LocatorPage source={CONTACT_SOURCE} heading="Contact Us" onChoose={setPending} />
      <Modal
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title="Shop This Store?"
        description={pending ? `You are about to shop at ${pending.location_name}, ${pending.address}.` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button onClick={confirm}>Shop This Store</Button>
          </>
        }
      >
        <p>Prices, stock and pickup will be for this store. You can change it at any time with My Selected Store.</p>
      </Modal>
    </>
  );
}

export default ContactPage;
