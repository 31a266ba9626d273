export { currencyOfSite, regionOfCurrency, regionOfSite, siteOf } from './sites';
