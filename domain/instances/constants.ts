/** What Beacon asks of a B2C instance: its API client's name and the OCAPI and WebDAV grants it needs. */
export const API_CLIENT_NAME = 'Beacon';

export const OCAPI_VERSION = '21.10';
export const OCAPI_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export const OCAPI_RESOURCE_PATTERN = '/**';
export const WEBDAV_PATH = '/impex';
export const WEBDAV_PERMISSION = 'read_write';
