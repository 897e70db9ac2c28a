import { useEffect } from 'react';

/**
 * Renders nothing; its effect runs once the tree before it has been committed. Placed
 * last in a root, it tells the starter that the page is live (start-client.tsx,
 * islands/start-islands.tsx). Rendered on the server too, so both trees have the same
 * shape (useId depends on it).
 */
export function Committed({ onCommit }: { onCommit?: () => void }) {
  useEffect(() => onCommit?.(), [onCommit]);
  return null;
}
