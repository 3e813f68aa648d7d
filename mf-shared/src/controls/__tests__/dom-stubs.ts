// What jsdom lacks and the controls (or Chakra's dialog underneath the drawer) call.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!window.scrollTo) window.scrollTo = () => {};
