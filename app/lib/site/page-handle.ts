/** What a route tells the document around its page, through React Router's `handle` export. */
export interface PageHandle {
  /**
   * The page pins a bar to the bottom of small screens: the document keeps room for it when a
   * link or button is scrolled into view by the keyboard.
   */
  bottomBar?: boolean;
}
