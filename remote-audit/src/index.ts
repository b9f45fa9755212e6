// Standalone page of the remote (its own index.html); the host loads the exposed modules instead.
void import('./standalone');
