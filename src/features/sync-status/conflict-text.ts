/** Human words for a rejected mutation in the conflicts panel ("order.void" -> "Void order"). */
const names: Record<string, string> = {
  'order.create': 'Create order',
  'order.setCustomer': 'Set the order customer',
  'order.removeCustomer': 'Remove the order customer',
  'order.save': 'Save order',
  'order.quote': 'Save quote',
  'order.submitKiosk': 'Send kiosk order',
  'kiosk.submitOrder': 'Submit a kiosk order',
  'order.complete': 'Complete order',
  'order.void': 'Void order',
  'cart.addProduct': 'Add a product',
  'cart.addCoreReturn': 'Add a core return',
  'cart.addCustomProduct': 'Add a custom product',
  'cart.addLabor': 'Add labor',
  'cart.updateLabor': 'Change labor',
  'cart.setQuantity': 'Change a quantity',
  'cart.updatePrice': 'Change a price',
  'cart.removeLine': 'Remove a line',
  'cart.addVoucher': 'Add a voucher',
  'transaction.add': 'Take a payment',
  'transaction.void': 'Void a payment',
  'transaction.voidAll': 'Void all payments',
  'orderHistory.add': 'Add order history',
  'receipt.send': 'Email/text a receipt',
  'poNumber.apply': 'Apply a PO number',
  'appointment.book': 'Book an appointment',
  'customer.create': 'Create customer',
  'customer.update': 'Update customer',
  'customer.setTags': 'Save customer tags',
  'vehicle.create': 'Add a vehicle',
  'vehicle.update': 'Update a vehicle',
  'vehicle.delete': 'Delete a vehicle',
  'credit.add': 'Add store credit',
  'customerHistory.add': 'Add customer history',
};

/** Known names in words; anything else split into words ("foo.barBaz" -> "Foo bar baz"). */
export function mutationLabel(name: string): string {
  const known = names[name];
  if (known) return known;
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}
