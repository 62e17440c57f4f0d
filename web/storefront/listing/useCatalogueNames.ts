import { useQuery } from '@tanstack/react-query';
import { catalogueApi } from '../../api/catalogue';
import { listingKeys } from './loader';

/** Categories and subcategories, for the filter selects and for reading a listing term. Cached for 10 minutes. */
export function useCatalogueNames() {
  const categories = useQuery({
    queryKey: listingKeys.categories,
    queryFn: async () => (await catalogueApi.categories()).categories,
    staleTime: 10 * 60_000,
  });
  const subcategories = useQuery({
    queryKey: listingKeys.subcategories,
    queryFn: catalogueApi.allSubcategories,
    staleTime: 10 * 60_000,
  });
  return {
    categories: categories.data ?? [],
    subcategories: subcategories.data ?? [],
    ready: categories.isSuccess && subcategories.isSuccess,
  };
}
