/**
 * The postal address fields an account's address book (pos-back-office.md §5) and an online order's
 * shipping (docs/decisions/storefront.md "Online orders and fulfilment") share, named as the
 * customer form names them. Country and region are ids: numbers in records and rows, strings in
 * the form fields that hold them while they are typed.
 */

/** An address's printed part: name, company, street, city and postcode. */
export interface AddressText {
  firstname: string;
  lastname: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  postcode: string;
}

/** The printed part with the country and region ids (`Id`: number in records, string in form fields). */
export interface AddressFields<Id = number> extends AddressText {
  country_id: Id;
  zone_id: Id;
}
