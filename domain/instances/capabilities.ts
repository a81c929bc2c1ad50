/**
 * What Beacon needs granted on a B2C instance, one row per capability: its names in copy, the
 * instance flag that records it verified, and the onboarding step that verifies it. Every screen,
 * message and check reads these; nothing else spells them out.
 */
export const B2C_CAPABILITIES = ['ocapi-data', 'ocapi-shop', 'webdav'] as const;
export type B2CCapability = (typeof B2C_CAPABILITIES)[number];

export type VerifiedFlag =
  'ocapiDataSettingsVerified' | 'ocapiShopSettingsVerified' | 'webdavSettingsVerified';

export interface CapabilityFacts {
  /** The API's name, as in "Could not verify OCAPI Data configuration". */
  label: string;
  /** The settings a person grants, as Beacon lists them ("WebDAV permissions"). */
  settings: string;
  /** The Business Manager page's own name for them. */
  businessManagerName: string;
  /** Where that page is in Business Manager's menus. */
  businessManagerLocation: string;
  verifiedFlag: VerifiedFlag;
}

export const CAPABILITY: Record<B2CCapability, CapabilityFacts> = {
  'ocapi-data': {
    label: 'OCAPI Data',
    settings: 'OCAPI Data settings',
    businessManagerName: 'OCAPI Data settings',
    businessManagerLocation:
      'Administration > Site Development > Open Commerce API Settings, type Data',
    verifiedFlag: 'ocapiDataSettingsVerified',
  },
  'ocapi-shop': {
    label: 'OCAPI Shop',
    settings: 'OCAPI Shop settings',
    businessManagerName: 'OCAPI Shop settings',
    businessManagerLocation:
      'Administration > Site Development > Open Commerce API Settings, type Shop',
    verifiedFlag: 'ocapiShopSettingsVerified',
  },
  webdav: {
    label: 'WebDAV',
    settings: 'WebDAV permissions',
    businessManagerName: 'WebDAV client permissions',
    businessManagerLocation: 'Administration > Organization > WebDAV Client Permissions',
    verifiedFlag: 'webdavSettingsVerified',
  },
};
