// uPlot as the server serves it at /boards/vendor/uplot/uPlot.esm.js, typed by the package's own declarations.
import uPlot from 'uplot';
export default uPlot;
