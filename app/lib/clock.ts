/** The time screens read "2 hours ago" against; a story pins it so its text and baseline never drift. */
export const clock = {
  now(): Date {
    return new Date();
  },
};
