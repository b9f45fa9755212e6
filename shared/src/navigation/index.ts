/**
 * The router surface of remotes and of the shared kit: the few components and hooks they use,
 * backed by the host's router. Shared as one singleton instead of react-router itself, so the host
 * bundles react-router once, tree-shaken to what it and this facade use (ADR 0006); links and hooks
 * in a remote still drive the host's one router. Need another router API? Add it here.
 */
export {
  Link,
  Navigate,
  useBlocker,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type LinkProps,
  type NavigateFunction,
} from 'react-router-dom';
