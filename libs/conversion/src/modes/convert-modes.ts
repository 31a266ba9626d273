/** The ten modes of the convert contract (docs/api.md): the value a caller sends, the label we answer with, what it needs. */
export const CONVERT_MODES = {
  affiliate: { label: 'Affiliate link', needsAffiliateId: true },
  own_shortener: { label: 'Short link', needsAffiliateId: true },
  custom_domain_shortener: { label: 'Short link on your domain', needsAffiliateId: true },
  marketplace_api: { label: 'Marketplace API link', needsAffiliateId: false },
  link_goc: { label: 'Original link', needsAffiliateId: false },
  ext_shortener_1: { label: 'TinyURL', needsAffiliateId: true },
  ext_shortener_2: { label: 'is.gd', needsAffiliateId: true },
  ext_shortener_3: { label: 'v.gd', needsAffiliateId: true },
  ext_shortener_4: { label: 'Bitly', needsAffiliateId: true },
  ext_shortener_5: { label: 'Cutt.ly', needsAffiliateId: true },
} as const satisfies Record<string, { label: string; needsAffiliateId: boolean }>;

export type ConvertMode = keyof typeof CONVERT_MODES;
export const CONVERT_MODE_NAMES = Object.keys(CONVERT_MODES) as ConvertMode[];

export function isConvertMode(value: unknown): value is ConvertMode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CONVERT_MODES, value);
}
