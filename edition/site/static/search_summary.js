/* A search result quotes the page's text around the word it found. Sphinx reads that text from the page's
   [role="main"], which in the book theme also holds the header's buttons ("Light", "Dark", …): quote the
   article alone. (Search is searchtools.js's, on the search page only; it fetches the pages after load.) */
document.addEventListener("DOMContentLoaded", () => {
  if (typeof Search === "undefined") return;
  const wholeMain = Search.htmlToText;
  Search.htmlToText = (htmlString, anchor) => {
    const page = new DOMParser().parseFromString(htmlString, "text/html");
    const article = page.querySelector("article.bd-article");
    if (!article) return wholeMain(htmlString, anchor);
    article.querySelectorAll(".headerlink, script, style").forEach((element) => element.remove());
    return ((anchor && article.querySelector(anchor)) || article).textContent;
  };
});
