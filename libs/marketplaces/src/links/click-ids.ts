/**
 * Click ids and other cross-site tracking parameters: an open list, taken from the published list of a privacy tool
 * rather than grown by hand. No npm package keeps a complete one (tidy-url's global list lacks `msclkid`, `twclid`,
 * `dclid`, `yclid`, `srsltid`...), so the base is Brave's query filter, the parameters the Brave browser strips from
 * every URL it navigates to: `kSimpleQueryStringTrackers` in brave-core's `components/query_filter/utils.cc`
 * (MPL-2.0; names only, lower-cased). To update: compare with that list and add what it gained.
 */
export const BRAVE_QUERY_FILTER: readonly string[] = [
  '__hsfp',
  '__hssc',
  '__hstc',
  '__s',
  '_bhlid',
  '_branch_match_id',
  '_branch_referrer',
  '_gl',
  '_hsenc',
  '_kx',
  '_openstat',
  'at_recipient_id',
  'at_recipient_list',
  'bbeml',
  'bsft_clkid',
  'bsft_uid',
  'dclid',
  'et_rid',
  'fb_action_ids',
  'fb_comment_id',
  'fbclid',
  'gclid',
  'guce_referrer',
  'guce_referrer_sig',
  'hsctatracking',
  'irclickid',
  'mc_eid',
  'ml_subscriber',
  'ml_subscriber_hash',
  'msclkid',
  'mtm_cid',
  'oft_c',
  'oft_ck',
  'oft_d',
  'oft_id',
  'oft_ids',
  'oft_k',
  'oft_lk',
  'oft_sk',
  'oly_anon_id',
  'oly_enc_id',
  'pk_cid',
  'rb_clickid',
  's_cid',
  'sc_customer',
  'sc_eh',
  'sc_uid',
  'srsltid',
  'ss_email_id',
  'twclid',
  'unicorn_click_id',
  'vero_conv',
  'vero_id',
  'vgo_ee',
  'wbraid',
  'wickedid',
  'yclid',
  'ymclid',
  'ysclid',
  // Brave strips these two on their own sites only (Instagram); share links carry them to any site.
  'igsh',
  'igshid',
];

/**
 * Click ids the list above does not hold, each named by the network that adds it to its outgoing links (seen on
 * marketplace links in posts from the countries we serve).
 */
export const OTHER_CLICK_IDS: readonly string[] = [
  // Google Ads: the click's source and the auto-tagging campaign/source markers next to `gclid`, `gbraid`, `wbraid`.
  'gclsrc',
  'gad_source',
  'gad_campaignid',
  'gbraid',
  // Zalo (Vietnam): links opened from Zalo carry `gidzl` (and `zarsrc`, its referrer marker).
  'gidzl',
  'zarsrc',
  // TikTok, Reddit, LinkedIn, Snapchat ads click ids.
  'ttclid',
  'rdt_cid',
  'li_fat_id',
  'sc_click_id',
  // Facebook's in-app browser marker.
  'mibextid',
];

/** Every click id, lower-case. */
export const CLICK_ID_PARAMS: readonly string[] = [...new Set([...BRAVE_QUERY_FILTER, ...OTHER_CLICK_IDS])];
