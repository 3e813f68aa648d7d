// The router, once for every module and cut down to what the product uses (a shared module is not tree-shaken).
export {
  BrowserRouter,
  Link as RouterLink,
  MemoryRouter,
  matchPath,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export { Otherwise } from './otherwise';
