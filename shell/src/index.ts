// The async boundary lets Module Federation resolve the shared singletons before any of them is used.
import('./bootstrap');
