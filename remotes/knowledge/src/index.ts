// The async boundary Module Federation needs: shared singletons resolve before the app code runs.
import('./bootstrap.tsx');
