// The public legal pages' only script: their stylesheet, which the page build inlines. The markup is
// prerendered (legal-markup.tsx) and static, so nothing is hydrated.
import '../boot.css';
import './legal-theme.ts';
