import type { FastifyInstance } from 'fastify';
import { searchAutocompleteQuerySchema, type SearchAutocompleteReply } from '../../src/contracts/search-autocomplete';
import { parse } from '../http/parse';
import type { SearchService } from '../services/catalog/search-service';

/** Search is open to shoppers, guests, kiosks and staff alike (storefront.md §6). */
export function searchRoutes(app: FastifyInstance, search: SearchService): void {
  app.get('/api/search/autocomplete', { config: { access: 'public' } }, (req): Promise<SearchAutocompleteReply> =>
    search.autocomplete(parse(searchAutocompleteQuerySchema, req.query), req.user !== null),
  );
}
