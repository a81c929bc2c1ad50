/** Full page reloads go through here, so a story can see one was requested without leaving the page. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** A full load of another page of the app, e.g. after leaving an org whose data is all cached. */
  assign(url: string): void {
    window.location.assign(url);
  },
};
