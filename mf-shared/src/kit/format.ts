const TIME_ZONE = 'America/Sao_Paulo';
const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const moneyFormat = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** A day without a time (YYYY-MM-DD) is that calendar day, not midnight UTC shifted into the day before. */
const toDate = (value: string | Date) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T12:00:00-03:00`)
    : new Date(value);

/** DD/MM/YYYY in America/Sao_Paulo (screens.md). */
export const formatDate = (value: string | Date) => dateFormat.format(toDate(value));
export const formatDateTime = (value: string | Date) => dateTimeFormat.format(toDate(value));
/** Reais, as the API sends them (a number with cents). */
export const formatMoney = (reais: number) => moneyFormat.format(reais);

/** The parts of an address a map is searched by (a store's). */
export interface MapAddress {
  street?: string;
  number?: string;
  city?: string;
  state?: string;
}

/**
 * The address searched on OpenStreetMap ("street, number, city, UF"), opened in a new tab; none without a city.
 * The programme's places are searched by address, not by the store's name, which the map may not know.
 */
export function mapSearchUrl(address: MapAddress | null | undefined): string | undefined {
  if (!address?.city) return undefined;
  const query = [address.street, address.number, address.city, address.state].filter(Boolean).join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
