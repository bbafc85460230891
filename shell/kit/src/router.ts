// The routing the screens use, and the only way they reach react-router. Module federation shares whole modules, so
// sharing react-router-dom itself put all of it (data routers, loaders, server rendering: about 60 KB gzipped) on
// the first page; sharing this module instead lets the shell's bundler keep only what these names need.
// A screen that needs more of react-router adds the name here.
export { BrowserRouter, Link, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
