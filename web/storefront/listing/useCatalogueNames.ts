import { useQuery } from '@tanstack/react-query';
import { catalogueApi, catalogueKeys } from '../../api/catalogue';

/** Categories and subcategories, for the filter selects and for reading a listing term. Cached for 10 minutes. */
export function useCatalogueNames() {
  const categories = useQuery({
    queryKey: catalogueKeys.categories,
    queryFn: async () => (await catalogueApi.categories()).categories,
    staleTime: 10 * 60_000,
  });
  const subcategories = useQuery({
    queryKey: catalogueKeys.subcategories,
    queryFn: catalogueApi.allSubcategories,
    staleTime: 10 * 60_000,
  });
  return {
    categories: categories.data ?? [],
    subcategories: subcategories.data ?? [],
    ready: categories.isSuccess && subcategories.isSuccess,
  };
}
