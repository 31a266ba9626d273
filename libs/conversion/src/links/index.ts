export { extractLinks, type ExtractOptions, type FoundLink, writtenLike } from './link-extractor';
