import { createContext } from 'react';

/**
 * Whether the draft form is locked (a step runs). The page locks the form with a
 * `<fieldset disabled>` around it, so its fields are disabled natively (and announced so) without
 * rendering again; the few parts whose logic, not only their look, depends on the lock read it
 * here (the token picker's default, which must not change the draft while it is locked).
 */
export const DraftLockedContext = createContext(false);
